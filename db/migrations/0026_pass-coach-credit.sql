ALTER TABLE `coach_credits` ADD `purchase_id` integer REFERENCES pass_purchases(id);--> statement-breakpoint
CREATE INDEX `coach_credits_purchase_idx` ON `coach_credits` (`purchase_id`);--> statement-breakpoint
ALTER TABLE `pass_purchases` ADD `credit_applied_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `pass_purchases` ADD `credit_returned_cents` integer DEFAULT 0 NOT NULL;