ALTER TABLE `words` ADD `WoImportBatch` integer;--> statement-breakpoint
CREATE INDEX `words_owner_import` ON `words` (`WoUsID`,`WoImportBatch`);