CREATE TABLE `promo_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`coach_id` integer,
	`created_by` integer,
	`kind` text NOT NULL,
	`percent_off` integer,
	`amount_off_cents` integer,
	`valid_from` integer,
	`valid_until` integer,
	`max_uses` integer,
	`once_per_customer` integer DEFAULT false NOT NULL,
	`first_booking_only` integer DEFAULT false NOT NULL,
	`minimum_cents` integer,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`coach_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promo_codes_code_idx` ON `promo_codes` (`code`);--> statement-breakpoint
CREATE INDEX `promo_codes_coach_idx` ON `promo_codes` (`coach_id`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `promo_code_id` integer REFERENCES promo_codes(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `bookings` ADD `discount_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `discount_funded_by` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `payout_cents` integer;--> statement-breakpoint
CREATE INDEX `bookings_promo_code_idx` ON `bookings` (`promo_code_id`);