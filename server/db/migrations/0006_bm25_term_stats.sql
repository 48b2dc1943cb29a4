CREATE TABLE "retrieval_scope_stats" (
	"scope_key" text PRIMARY KEY NOT NULL,
	"chunks" integer NOT NULL,
	"terms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retrieval_term_stats" (
	"scope_key" text NOT NULL,
	"lexeme" text NOT NULL,
	"df" integer NOT NULL,
	CONSTRAINT "retrieval_term_stats_scope_key_lexeme_pk" PRIMARY KEY("scope_key","lexeme")
);
--> statement-breakpoint
ALTER TABLE "retrieval_chunks" ADD COLUMN "term_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "retrieval_chunks" ADD COLUMN "term_freqs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "retrieval_chunks" c SET
  "term_count" = (SELECT coalesce(sum(coalesce(array_length(u.positions, 1), 1)), 0) FROM unnest(c.search) u),
  "term_freqs" = (SELECT coalesce(jsonb_object_agg(u.lexeme, jsonb_build_array(
      cardinality(u.positions) - cardinality(array_positions(u.weights, 'A')), cardinality(array_positions(u.weights, 'A')))), '{}'::jsonb)
    FROM unnest(c.search) u);--> statement-breakpoint
INSERT INTO "retrieval_term_stats" ("scope_key", "lexeme", "df")
SELECT CASE WHEN c.corpus = 'guide' THEN 'guide' ELSE 'u:' || c.owner_id::text END, u.lexeme, count(*)
FROM "retrieval_chunks" c, unnest(c.search) u
GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "retrieval_scope_stats" ("scope_key", "chunks", "terms")
SELECT CASE WHEN c.corpus = 'guide' THEN 'guide' ELSE 'u:' || c.owner_id::text END, count(*), coalesce(sum(c.term_count), 0)
FROM "retrieval_chunks" c
GROUP BY 1;
