-- Planner statistics for databases filled before imports ran ANALYZE themselves (src/server/catalogue/write-catalogue.ts):
-- without them SQLite joins products to translations by scanning an index (docs/product/performance.md#database).
ANALYZE;
