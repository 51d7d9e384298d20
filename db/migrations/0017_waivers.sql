CREATE TABLE `emergency_contacts` (
	`booking_id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`phone` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `medical_notes` (
	`booking_id` integer NOT NULL,
	`position` integer NOT NULL,
	`note` text NOT NULL,
	PRIMARY KEY(`booking_id`, `position`),
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `waiver_acceptances` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`position` integer NOT NULL,
	`attendee_name` text NOT NULL,
	`waiver_id` integer NOT NULL,
	`version` integer NOT NULL,
	`text_hash` text NOT NULL,
	`accepted_by` integer,
	`relation` text NOT NULL,
	`ip_address` text NOT NULL,
	`user_agent` text NOT NULL,
	`accepted_at` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`waiver_id`) REFERENCES `waivers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`accepted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `waiver_acceptances_booking_idx` ON `waiver_acceptances` (`booking_id`,`position`);--> statement-breakpoint
CREATE TABLE `waivers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`coach_id` integer,
	`version` integer NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`coach_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waivers_owner_version_idx` ON `waivers` (`coach_id`,`version`);--> statement-breakpoint
INSERT INTO `waivers` (`coach_id`, `version`, `title`, `body`, `created_at`) VALUES (NULL, 1, 'Fogline participation waiver', 'Outdoor classes carry risks: weather, uneven ground, water, traffic and physical effort can cause injury. By accepting, the participant (or their parent or guardian) confirms that:

1. The participant is fit to take part and will tell the coach about any condition that matters for their safety.
2. The participant takes part voluntarily, follows the coach''s instructions and may stop at any time.
3. The participant accepts the ordinary risks of the activity. Fogline and the coach are not responsible for injury or loss except where caused by their negligence or where the law does not allow this limit.
4. In an emergency, the coach may call emergency services and the emergency contact given with this booking.

A parent or guardian accepting for a child accepts on the child''s behalf and confirms they may do so.', 1764115200000);
