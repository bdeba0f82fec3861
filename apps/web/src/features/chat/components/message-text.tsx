import { Fragment } from 'react';
import { messageParts, mentionLabel } from '../lib/message-text';
import classes from './chat.module.css';

export interface MessageTextProps {
  content: string;
  /** Today's name of a member (a mention shows it, so renames follow). */
  nameOf: (id: number) => string | undefined;
  myId: number;
}

/**
 * A message's text: http(s) addresses as links opening in a new tab, mentions highlighted (mine,
 * and @all / @here, more strongly). Built from React nodes only; the text is never read as HTML.
 */
export function MessageText({ content, nameOf, myId }: MessageTextProps) {
  return (
    <>
      {messageParts(content).map((part, index) => {
        if (part.kind === 'text') return <Fragment key={index}>{part.text}</Fragment>;
        if (part.kind === 'link') {
          return (
            <a
              key={index}
              href={part.href}
              target="_blank"
              rel="noopener noreferrer"
              className={classes.messageLink}
              data-testid="chat-message-link"
            >
              {part.text}
            </a>
          );
        }
        const me = part.target === myId || typeof part.target !== 'number';
        return (
          <span
            key={index}
            className={classes.mention}
            data-me={me ? 'true' : 'false'}
            data-testid="chat-mention"
          >
            {mentionLabel(part.target, nameOf)}
          </span>
        );
      })}
    </>
  );
}
