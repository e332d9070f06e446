/** Kysely types of the parts finder's catalogue tables (migration 0033_appliance_models.sql, docs/product/parts-finder.md). */
export interface ApplianceModelsTable {
  id: number;
  brand_id: number;
  /** As on the rating plate. */
  number: string;
  /** normalizeNumber(number) (src/lib/catalogue/model-number.ts). */
  normalized: string;
  /** The appliance's category: its name is the model's appliance type. */
  category_id: number;
  slug: string;
  year_from: number | null;
  year_to: number | null;
  image_url: string | null;
  image_width: number | null;
  image_height: number | null;
}
export interface ApplianceModelAliasesTable {
  model_id: number;
  number: string;
  normalized: string;
}
/** A drawing, shared by the models of one platform. */
export interface DiagramsTable {
  id: number;
  /** Sanitized SVG; callouts carry data-position. */
  svg: string;
  width: number;
  height: number;
}
/** A model's diagram number `diagram_no` is the drawing `diagram_id`. */
export interface ModelDiagramsTable {
  model_id: number;
  diagram_no: number;
  diagram_id: number;
  /** JSON: title per storefront language. */
  titles: string;
}
export interface ModelPartsTable {
  model_id: number;
  product_id: number;
  /** 0 with position '' when the part has no position on a diagram. */
  diagram_no: number;
  position: string;
}
export type ProductNumberKind = 'oem' | 'cross' | 'replaces';
export interface ProductNumbersTable {
  product_id: number;
  kind: ProductNumberKind;
  maker: string | null;
  number: string;
  normalized: string;
}
export interface ProductSupersessionsTable {
  product_id: number;
  replaced_by: number;
}
export interface ApplianceModelTables {
  appliance_models: ApplianceModelsTable;
  appliance_model_aliases: ApplianceModelAliasesTable;
  diagrams: DiagramsTable;
  model_diagrams: ModelDiagramsTable;
  model_parts: ModelPartsTable;
  product_numbers: ProductNumbersTable;
  product_supersessions: ProductSupersessionsTable;
}
