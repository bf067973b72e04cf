CREATE TABLE `translations` (
	`TrID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`TrUsID` integer,
	`TrText` text NOT NULL,
	`TrSource` text NOT NULL,
	`TrTarget` text NOT NULL,
	`TrProvider` text NOT NULL,
	`TrTranslation` text NOT NULL,
	`TrCreated` integer NOT NULL,
	FOREIGN KEY (`TrUsID`) REFERENCES `users`(`UsID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `translations_lookup` ON `translations` (`TrText`,`TrSource`,`TrTarget`,`TrUsID`);