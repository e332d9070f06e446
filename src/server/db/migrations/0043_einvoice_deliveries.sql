-- E-invoice delivery through a Peppol access point (docs/adr/0037-einvoice-delivery.md, docs/product/e-invoices.md):
-- one row per document sent or to be sent (an order's invoice and its credit notes), queued with the order and
-- sent by the background worker with retries. Ids are random text (portable).
CREATE TABLE einvoice_deliveries (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL,
  -- invoice (the order's own invoice, numbered with the order) or credit-note:<id> (cancel: the cancelled order's whole
  -- invoice; an RMA: that refunded return), whose number and issue date come from this row
  document TEXT NOT NULL,
  -- queued | sending | sent | delivered | failed | skipped
  status TEXT NOT NULL,
  -- the receiver's Peppol participant id "<ICD scheme>:<id>"; null when skipped for want of one
  receiver TEXT,
  -- the access point's id of the submission (Storecove's guid) once accepted
  provider_id TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  claimed_at TEXT,
  -- why it failed or was skipped, as the access point or the rule said it
  last_error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (order_id, document)
);
CREATE INDEX einvoice_deliveries_due ON einvoice_deliveries (status, next_attempt_at);
CREATE INDEX einvoice_deliveries_provider ON einvoice_deliveries (provider_id);
