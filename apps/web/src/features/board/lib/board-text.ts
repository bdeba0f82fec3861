import { createPostFieldsSchema } from '@teamup/contracts/board';

/** Title and content as typed in an announcement or post form. */
export interface BoardTextValues {
  title: string;
  content: string;
}

const textSchema = createPostFieldsSchema.pick({ title: true, content: true });

/**
 * The first problem of a title/content form with the contract's rules and texts (both required:
 * '제목과 내용을 모두 입력해주세요.'; length limits); null when it may be sent.
 */
export function validateBoardText(values: BoardTextValues): string | null {
  const result = textSchema.safeParse(values);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** What is sent: the title trimmed, the content exactly as written (line breaks kept). */
export function boardTextBody(values: BoardTextValues): BoardTextValues {
  return { title: values.title.trim(), content: values.content };
}
