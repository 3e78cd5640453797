CREATE TABLE "banner_art" (
	"name" text PRIMARY KEY NOT NULL,
	"banner_id" uuid NOT NULL,
	"cut" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"byte_length" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"link" text NOT NULL,
	"guest_action" text,
	"copy" jsonb NOT NULL,
	"desktop_art" text,
	"mobile_art" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_schedule_order" CHECK ("banners"."starts_at" is null or "banners"."ends_at" is null or "banners"."ends_at" > "banners"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "banner_art" ADD CONSTRAINT "banner_art_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banner_art_banner_id_idx" ON "banner_art" USING btree ("banner_id");--> statement-breakpoint
-- Every instance forgets its copy of the live banners when any of them changes (decision 090,
-- as the catalog's channel of migration 0015).
CREATE FUNCTION banners_notify_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('banners_changed', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER banners_notify_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banners
  FOR EACH STATEMENT EXECUTE FUNCTION banners_notify_changed();--> statement-breakpoint
-- The carousel's four banners until now (apps/web/public/banners and their texts), so a new
-- install, and an upgraded one, shows the same carousel as before.
INSERT INTO banners (id, position, link, guest_action, copy, desktop_art, mobile_art) VALUES
('6f1d2c3a-0b1e-4c55-9a01-000000000001', 1, '/casino', NULL,
 '{"en":{"eyebrow":"Top studios, one lobby","title":"A universe of slots","text":"Hundreds of games from leading studios, all in one place.","cta":"Explore games"},"ru":{"eyebrow":"Лучшие студии, одно лобби","title":"Вселенная слотов","text":"Сотни игр от ведущих студий в одном месте.","cta":"Смотреть игры"}}',
 '/banners/universe-desktop.svg', '/banners/universe-mobile.svg'),
('6f1d2c3a-0b1e-4c55-9a01-000000000002', 2, '/profile/bonus', 'register',
 '{"en":{"eyebrow":"Welcome package","title":"Up to $500 on your first deposit","text":"Plus 100 free spins to try the top games of the week.","cta":"Claim the bonus"},"ru":{"eyebrow":"Приветственный пакет","title":"До $500 на первый депозит","text":"И 100 бесплатных вращений в лучших играх недели.","cta":"Получить бонус"}}',
 '/banners/welcome-desktop.svg', '/banners/welcome-mobile.svg'),
('6f1d2c3a-0b1e-4c55-9a01-000000000003', 3, '/other', NULL,
 '{"en":{"eyebrow":"Table and live","title":"Take a seat at the table","text":"Roulette, blackjack and baccarat, with instant games for a quick round.","cta":"Find a table"},"ru":{"eyebrow":"Настольные и live","title":"Займите место за столом","text":"Рулетка, блэкджек и баккара, а для быстрого раунда — моментальные игры.","cta":"Найти стол"}}',
 '/banners/tables-desktop.svg', '/banners/tables-mobile.svg'),
('6f1d2c3a-0b1e-4c55-9a01-000000000004', 4, '/casino?tab=top', NULL,
 '{"en":{"eyebrow":"No account needed","title":"Try any game for free","text":"Every game has a demo mode. Play for fun first, play for real when you are ready.","cta":"Play a demo"},"ru":{"eyebrow":"Без регистрации","title":"Любая игра бесплатно","text":"У каждой игры есть демо-режим. Сначала для удовольствия, на деньги — когда будете готовы.","cta":"Играть в демо"}}',
 '/banners/demo-desktop.svg', '/banners/demo-mobile.svg');
