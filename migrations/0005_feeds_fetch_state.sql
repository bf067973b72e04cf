ALTER TABLE `feed_links` ADD `FlNew` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `news_feeds` ADD `NfEtag` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `news_feeds` ADD `NfLastModified` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `news_feeds` ADD `NfLastError` text DEFAULT '' NOT NULL;