import { TagsScreen } from './TagsScreen';

/** /tags (spec 001 §2 Tags screen). */
export default function TagsPage() {
  return <TagsScreen kanbanMode={false} />;
}
