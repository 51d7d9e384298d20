-- The city filter of GET /api/classes reads the distinct addresses of bookable classes from this index alone,
-- picks in code those whose city matches (api/catalog/browse-query.ts), then filters on them.
CREATE INDEX `classes_address_idx` ON `classes` (`address`) WHERE `deleted_at` IS NULL AND (`is_recurring` = 0 OR `parent_class_id` IS NOT NULL);
