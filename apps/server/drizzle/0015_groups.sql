DROP INDEX "institutions_staff_idx";--> statement-breakpoint
CREATE INDEX "customers_staff_birthday_idx" ON "customers" USING btree ("staff_id","birthday");--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_staff_name_uq" ON "institutions" USING btree ("staff_id",lower("name"));