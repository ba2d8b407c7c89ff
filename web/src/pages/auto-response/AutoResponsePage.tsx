// Being built this session (helper): replaced by the real screen.
export default function AutoResponsePage() {
  return null;
}
