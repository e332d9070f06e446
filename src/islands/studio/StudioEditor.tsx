/** Placeholder until helper E's editor lands. */
export default function StudioEditor(props: { bodyHtml: string }) {
  return <div data-testid="studio-editor-placeholder">{props.bodyHtml.length}</div>;
}
