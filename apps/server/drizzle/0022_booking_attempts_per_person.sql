ALTER TABLE "booking_attempts" ADD COLUMN "phone_hash" text;--> statement-breakpoint
CREATE INDEX "booking_attempts_phone_idx" ON "booking_attempts" USING btree ("phone_hash","created_at");