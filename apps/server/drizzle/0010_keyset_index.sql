DROP INDEX "appointments_staff_start_idx";--> statement-breakpoint
CREATE INDEX "appointments_staff_start_id_idx" ON "appointments" USING btree ("staff_id","start_date","id");