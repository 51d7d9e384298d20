CREATE TABLE `booking_attendees` (
	`booking_id` integer NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`age` integer,
	`attendance` text,
	`attendance_at` integer,
	`attendance_by` integer,
	PRIMARY KEY(`booking_id`, `position`),
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`attendance_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `calendar_feeds` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_unique` ON `calendar_feeds` (`token`);--> statement-breakpoint
ALTER TABLE `classes` ADD `calendar_sequence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TRIGGER `classes_calendar_sequence` AFTER UPDATE OF start_time, end_time, duration, location, address, title ON `classes`
WHEN OLD.start_time IS NOT NEW.start_time OR OLD.end_time IS NOT NEW.end_time OR OLD.duration IS NOT NEW.duration
  OR OLD.location IS NOT NEW.location OR OLD.address IS NOT NEW.address OR OLD.title IS NOT NEW.title
BEGIN
  UPDATE classes SET calendar_sequence = calendar_sequence + 1 WHERE id = NEW.id;
END;
