CREATE TABLE "blob_chunks" (
	"blob_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "blob_chunks_blob_id_seq_pk" PRIMARY KEY("blob_id","seq")
);
