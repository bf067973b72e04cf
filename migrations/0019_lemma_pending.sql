CREATE TABLE `lemma_pending` (
	`LpWoID` integer PRIMARY KEY NOT NULL,
	FOREIGN KEY (`LpWoID`) REFERENCES `words`(`WoID`) ON UPDATE no action ON DELETE cascade
);
