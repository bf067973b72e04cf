DROP TABLE `word_occurrences`;--> statement-breakpoint
ALTER TABLE `texts` ADD `TxNeedsParse` integer DEFAULT false NOT NULL;