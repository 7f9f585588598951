ALTER TABLE "centres" ADD COLUMN "demis_account_name" text;--> statement-breakpoint
ALTER TABLE "centres" ADD COLUMN "demis_bsnr" text;--> statement-breakpoint
ALTER TABLE "demis_reports" ADD COLUMN "warnings" jsonb;--> statement-breakpoint
-- hand-written (keep when regenerating)
-- One demis_lab_id used to serve as OAuth username and as BSNR at once; it now splits into three
-- settings (docs/decisions/008-demis-profiles-and-identifiers.md). The old value was what the token
-- request sent as username, so it always becomes the account name; a 9-digit value is a BSNR and is
-- copied there too; demis_lab_id keeps only a value that is a DEMIS participant number (5-6 digits).
UPDATE "centres" SET "demis_account_name" = btrim("demis_lab_id") WHERE "demis_account_name" IS NULL AND btrim(coalesce("demis_lab_id", '')) <> '';--> statement-breakpoint
UPDATE "centres" SET "demis_bsnr" = btrim("demis_lab_id") WHERE "demis_bsnr" IS NULL AND btrim("demis_lab_id") ~ '^[0-9]{9}$';--> statement-breakpoint
UPDATE "centres" SET "demis_lab_id" = CASE WHEN btrim("demis_lab_id") ~ '^[0-9]{5,6}$' THEN btrim("demis_lab_id") END WHERE "demis_lab_id" IS NOT NULL;
