-- Staff switches of the lobby (issue 30, decision 086): a game or a whole provider switched
-- off by staff leaves the lobby, search and launch. Kept apart from games.enabled, which the
-- catalog sync owns (a sync sets it back on for every game the provider still lists).
ALTER TABLE "games" ADD COLUMN "staff_disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "game_provider_controls" (
	"provider" text PRIMARY KEY NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A provider switched on or off changes the lists like a change of games does: every instance
-- clears its catalog cache at once (the channel of migration 0015, decision 054).
CREATE TRIGGER game_provider_controls_notify_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON game_provider_controls
  FOR EACH STATEMENT EXECUTE FUNCTION games_notify_catalog_changed();
