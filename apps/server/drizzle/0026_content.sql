CREATE TABLE "content_pages" (
	"slug" text NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"markdown" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"draft_title" text,
	"draft_markdown" text,
	"draft_updated_at" timestamp with time zone,
	CONSTRAINT "content_pages_slug_lang_pk" PRIMARY KEY("slug","lang")
);
--> statement-breakpoint
CREATE TABLE "content_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"version" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faq_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"section_en" text DEFAULT '' NOT NULL,
	"section_ru" text DEFAULT '' NOT NULL,
	"question_en" text DEFAULT '' NOT NULL,
	"question_ru" text DEFAULT '' NOT NULL,
	"answer_en" text DEFAULT '' NOT NULL,
	"answer_ru" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_slug_version_idx" ON "content_versions" USING btree ("slug","version");