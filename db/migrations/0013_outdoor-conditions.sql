CREATE TABLE `conditions_cache` (
	`key` text PRIMARY KEY NOT NULL,
	`data` text,
	`fetched_at` integer,
	`failures` integer DEFAULT 0 NOT NULL,
	`retry_at` integer DEFAULT 0 NOT NULL,
	`last_error` text
);
--> statement-breakpoint
CREATE TABLE `weather_calls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`class_id` integer NOT NULL,
	`checkpoint` text NOT NULL,
	`reasons` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`decided_by` integer,
	`decided_at` integer,
	`offer_class_id` integer,
	`message` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`class_id`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `weather_calls_class_check_idx` ON `weather_calls` (`class_id`,`checkpoint`);--> statement-breakpoint
CREATE INDEX `weather_calls_status_idx` ON `weather_calls` (`status`);--> statement-breakpoint
ALTER TABLE `classes` ADD `weather_policy` text;--> statement-breakpoint
ALTER TABLE `classes` ADD `min_attendees` integer;--> statement-breakpoint
ALTER TABLE `classes` ADD `decision_hours` integer;--> statement-breakpoint
ALTER TABLE `classes` ADD `size_decision` text;--> statement-breakpoint
ALTER TABLE `classes` ADD `meeting_latitude` real;--> statement-breakpoint
ALTER TABLE `classes` ADD `meeting_longitude` real;--> statement-breakpoint
ALTER TABLE `classes` ADD `meeting_notes` text;--> statement-breakpoint
ALTER TABLE `classes` ADD `meeting_photo` text;--> statement-breakpoint
ALTER TABLE `users` ADD `weather_policy_defaults` text;--> statement-breakpoint
CREATE TRIGGER `cache_tags_conditions_write` AFTER INSERT ON `conditions_cache`
BEGIN
  INSERT INTO cache_tags (tag, seq) SELECT 'conditions:' || NEW.key, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
END;--> statement-breakpoint
CREATE TRIGGER `cache_tags_conditions_update` AFTER UPDATE OF `data`, `fetched_at` ON `conditions_cache`
BEGIN
  INSERT INTO cache_tags (tag, seq) SELECT 'conditions:' || NEW.key, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
END;--> statement-breakpoint
CREATE TRIGGER `cache_tags_weather_calls_insert` AFTER INSERT ON `weather_calls`
BEGIN
  INSERT INTO cache_tags (tag, seq) SELECT 'class:' || NEW.class_id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
END;--> statement-breakpoint
CREATE TRIGGER `cache_tags_weather_calls_update` AFTER UPDATE ON `weather_calls`
BEGIN
  INSERT INTO cache_tags (tag, seq) SELECT 'class:' || NEW.class_id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
END;
