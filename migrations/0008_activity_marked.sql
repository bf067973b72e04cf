ALTER TABLE `activity_log` ADD `AcTermsMarkedKnown` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `activity_log` ADD `AcTermsMarkedIgnored` integer DEFAULT 0 NOT NULL;