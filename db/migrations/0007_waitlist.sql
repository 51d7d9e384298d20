CREATE TABLE `waitlist_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`class_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`booking_id` integer,
	`offered_at` integer,
	`offer_expires_at` integer,
	`offer_notified_at` integer,
	`ended_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`class_id`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `waitlist_class_status_idx` ON `waitlist_entries` (`class_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `waitlist_user_idx` ON `waitlist_entries` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_one_open_idx` ON `waitlist_entries` (`class_id`,`user_id`) WHERE status in ('waiting', 'offered');--> statement-breakpoint
DROP INDEX `bookings_one_active_idx`;--> statement-breakpoint
ALTER TABLE `bookings` ADD `class_changed_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_one_active_idx` ON `bookings` (`class_id`,`user_id`) WHERE status in ('pending', 'confirmed', 'offered');--> statement-breakpoint
ALTER TABLE `users` ADD `class_reminders` integer DEFAULT true NOT NULL;