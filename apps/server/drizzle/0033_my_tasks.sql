-- "내 할 일" (issue 44): one person's assignments, by person.
CREATE INDEX "kanban_task_assignees_user_idx" ON "kanban_task_assignees" USING btree ("user_id","task_id");
