import { TagsScreen } from './TagsScreen';

/** /TagsKanban (spec 001 §2 Kanban tag management): the kanban tags (lanes) only. */
export default function TagsKanbanPage() {
  return <TagsScreen kanbanMode />;
}
