ALTER TABLE "invoices" DROP CONSTRAINT "invoices_document_id_documents_id_fk";
--> statement-breakpoint
-- What was read from a PDF goes with the PDF: invoices whose file was deleted or purged go now.
DELETE FROM "invoices" WHERE "document_id" IS NULL;
--> statement-breakpoint
-- Parallel uploads of one PDF could read it more than once. One invoice per position in its PDF
-- stays: the one furthest along (exported, then confirmed), else the first read.
DELETE FROM "invoices" AS "i" USING (
	SELECT "id", row_number() OVER (
		PARTITION BY "document_id", "position"
		ORDER BY CASE "status" WHEN 'exported' THEN 0 WHEN 'confirmed' THEN 1 ELSE 2 END, "created_at", "id"
	) AS "rank"
	FROM "invoices"
) AS "ranked"
WHERE "i"."id" = "ranked"."id" AND "ranked"."rank" > 1;
--> statement-breakpoint
-- Batches left empty by failed confirmations (or by the deletions above) that never got a workbook.
DELETE FROM "import_batches" AS "b"
WHERE "b"."blob_id" IS NULL AND NOT EXISTS (SELECT 1 FROM "invoices" WHERE "invoices"."batch_id" = "b"."id");
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "document_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_document_position_key" ON "invoices" USING btree ("document_id","position");
