-- Custom SQL migration file, put your code below! --
-- hand-written (keep when regenerating)
-- The audit list pages newest first by id within a centre (features/audit): this index hands them over in that
-- order, where (staff_id, created_at) left every row of the centre to be sorted for each page.
CREATE INDEX IF NOT EXISTS "audit_staff_id_idx" ON "audit_log" USING btree ("staff_id", "id");
