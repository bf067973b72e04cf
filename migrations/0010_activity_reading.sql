ALTER TABLE `activity_log` ADD `AcWordsRead` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `activity_log` ADD `AcReadingSeconds` integer DEFAULT 0 NOT NULL;