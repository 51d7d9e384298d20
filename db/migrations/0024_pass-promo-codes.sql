ALTER TABLE `pass_purchases` ADD `promo_code_id` integer REFERENCES promo_codes(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `pass_purchases` ADD `discount_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `pass_purchases` ADD `discount_funded_by` text;--> statement-breakpoint
ALTER TABLE `pass_purchases` ADD `payout_cents` integer;--> statement-breakpoint
CREATE INDEX `pass_purchases_promo_code_idx` ON `pass_purchases` (`promo_code_id`);