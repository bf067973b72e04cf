ALTER TABLE `words` ADD `WoNoteID` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `words_note_id` ON `words` (`WoNoteID`);