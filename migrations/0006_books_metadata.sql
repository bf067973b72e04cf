ALTER TABLE `books` ADD `BkDescription` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `books` ADD `BkCoverPath` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `books` ADD `BkSourceHash` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `books` ADD `BkChapterCount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `books` ADD `BkPosition` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `books` ADD `BkOpenedAt` integer;--> statement-breakpoint
CREATE INDEX `books_owner_hash` ON `books` (`BkUsID`,`BkSourceHash`);