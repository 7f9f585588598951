ALTER TABLE "centres" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
-- hand-written (keep when regenerating)
-- The audit trail is append-only: no route changes or deletes a row, and the database refuses it too. The one
-- exception is the retention job (features/lifecycle/retention.ts): once the legal retention time has passed it
-- removes the before/after values of anonymised customers' rows, inside a transaction that sets tz.retention.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('tz.retention', true) = 'on' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
