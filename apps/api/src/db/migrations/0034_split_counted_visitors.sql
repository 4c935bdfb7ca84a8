CREATE TABLE "split_counted_visitors" (
	"variant_id" uuid NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "split_counted_visitors_variant_id_visitor_pk" PRIMARY KEY("variant_id","visitor")
);
--> statement-breakpoint
ALTER TABLE "split_counted_visitors" ADD CONSTRAINT "split_counted_visitors_variant_id_split_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."split_variants"("id") ON DELETE cascade ON UPDATE no action;