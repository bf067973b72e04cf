-- Names unique per owner. Single-user rows have a NULL owner, and NULLs never collide in a plain
-- UNIQUE index, hence the ifnull expression (drizzle's schema builder cannot express it).
CREATE UNIQUE INDEX `languages_owner_name` ON `languages` (ifnull(`LgUsID`, 0), `LgName`);--> statement-breakpoint
CREATE UNIQUE INDEX `tags_owner_text` ON `tags` (ifnull(`TgUsID`, 0), `TgText`);--> statement-breakpoint
CREATE UNIQUE INDEX `text_tags_owner_text` ON `text_tags` (ifnull(`T2UsID`, 0), `T2Text`);--> statement-breakpoint
CREATE UNIQUE INDEX `activity_log_owner_date` ON `activity_log` (ifnull(`AcUsID`, 0), `AcDate`);
