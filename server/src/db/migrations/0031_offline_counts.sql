ALTER TABLE "stock_history" ADD COLUMN "client_change_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_history" ADD CONSTRAINT "stock_history_client_change_id_key" UNIQUE("client_change_id");