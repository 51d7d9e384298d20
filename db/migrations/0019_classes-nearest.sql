-- Nearest first (issue 22): bookable rows keyed by latitude, with the longitude, the browse start key and the
-- category and age group (so those filters read the index alone), so
-- sort=nearest reads only the classes inside a circle around the visitor (a latitude range of this index),
-- widening it until the page is full, instead of measuring every class. The expression and the WHERE match
-- api/catalog/browse-query.ts word for word.
CREATE INDEX `classes_geo_idx` ON `classes` (`latitude`, `longitude`, coalesce(`start_time`, 9007199254740991), `category_id`, `age_group`) WHERE `deleted_at` IS NULL AND (`is_recurring` = 0 OR `parent_class_id` IS NOT NULL);
