-- Counting a city's classes reads this index alone: the address with the start key, category and age group
-- the other filters test (expression and WHERE as in api/catalog/browse-query.ts).
DROP INDEX IF EXISTS `classes_address_idx`;
--> statement-breakpoint
CREATE INDEX `classes_address_idx` ON `classes` (`address`, coalesce(`start_time`, 9007199254740991), `category_id`, `age_group`) WHERE `deleted_at` IS NULL AND (`is_recurring` = 0 OR `parent_class_id` IS NOT NULL);
