CREATE TABLE `move_in_terms` (
	`MtMvID` integer NOT NULL,
	`MtWoID` integer NOT NULL,
	FOREIGN KEY (`MtMvID`) REFERENCES `move_ins`(`MvID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `move_in_terms_move` ON `move_in_terms` (`MtMvID`);--> statement-breakpoint
CREATE TABLE `move_ins` (
	`MvID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`MvUsID` integer,
	`MvSource` text NOT NULL,
	`MvState` text DEFAULT 'moving' NOT NULL,
	`MvLanguages` text DEFAULT '[]' NOT NULL,
	`MvTermsRemoved` integer DEFAULT 0 NOT NULL,
	`MvStarted` integer NOT NULL,
	FOREIGN KEY (`MvUsID`) REFERENCES `users`(`UsID`) ON UPDATE no action ON DELETE cascade
);
