CREATE TABLE `term_media` (
	`TmWoID` integer NOT NULL,
	`TmMfID` text NOT NULL,
	`TmRole` text NOT NULL,
	`TmFileName` text NOT NULL,
	PRIMARY KEY(`TmWoID`, `TmMfID`),
	FOREIGN KEY (`TmWoID`) REFERENCES `words`(`WoID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`TmMfID`) REFERENCES `media_files`(`MfID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `term_media_media` ON `term_media` (`TmMfID`);