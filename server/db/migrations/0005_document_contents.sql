ALTER TABLE "documents" ADD CONSTRAINT "documents_org_id_id_key" UNIQUE("org_id","id");--> statement-breakpoint
CREATE TABLE "document_contents" (
	"document_id" integer PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"sha256" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_contents" ADD CONSTRAINT "document_contents_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_contents" ADD CONSTRAINT "document_contents_document_fk" FOREIGN KEY ("org_id","document_id") REFERENCES "public"."documents"("org_id","id") ON DELETE cascade ON UPDATE no action;