DROP INDEX "library_folders_parent_idx";--> statement-breakpoint
CREATE INDEX "library_documents_folder_teams_idx" ON "library_documents" USING btree ("folder_id","teams");--> statement-breakpoint
CREATE INDEX "library_folders_parent_idx" ON "library_folders" USING btree ("parent_id","teams");