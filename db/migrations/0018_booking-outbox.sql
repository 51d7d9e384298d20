CREATE TABLE `booking_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`booking_id` integer NOT NULL,
	`due_at` integer NOT NULL,
	`claimed_until` integer DEFAULT 0 NOT NULL,
	`claimed_by` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `booking_outbox_due_idx` ON `booking_outbox` (`due_at`);