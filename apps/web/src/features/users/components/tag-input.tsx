import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Group, Pill, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ko } from '../../../i18n/ko';
import { useHashtagSearch } from '../api/search-hashtags';
import { addTag, freshSuggestions, removeTag } from '../lib/tags';

interface TagInputProps {
  value: string[];
  onChange: (tags: string[]) => void;
  error?: ReactNode;
}

const SUGGESTION_DELAY_MS = 300;
const MAX_SUGGESTIONS = 8;

/** Skill tags: typed and added on Enter (trimmed, no duplicates), removable chips, suggestions. */
export function TagInput({ value, onChange, error }: TagInputProps) {
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [query] = useDebouncedValue(input, SUGGESTION_DELAY_MS);
  const search = useHashtagSearch(query);
  const suggestions = input.trim()
    ? freshSuggestions(search.data ?? [], value).slice(0, MAX_SUGGESTIONS)
    : [];

  const commit = (raw: string) => {
    const change = addTag(value, raw);
    setProblem(change.error);
    if (change.tags.length !== value.length) onChange(change.tags);
    if (!change.error) setInput('');
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter while a Korean syllable is being composed only finishes the syllable.
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault(); // never submits the surrounding form
    commit(input);
  };

  return (
    <Stack gap={8}>
      <TextInput
        label={ko.profileEdit.tags}
        description={ko.profileEdit.tagsHint}
        placeholder={ko.profileEdit.tagsPlaceholder}
        data-testid="profile-tag-input"
        value={input}
        error={problem ?? error}
        onChange={(event) => {
          setInput(event.currentTarget.value);
          setProblem(null);
        }}
        onKeyDown={handleKeyDown}
      />
      {suggestions.length > 0 && (
        <Group gap={6} aria-label={ko.profileEdit.suggestions}>
          <Text size="xs" c="dimmed">
            {ko.profileEdit.suggestions}
          </Text>
          {suggestions.map((suggestion) => (
            <Button
              key={suggestion}
              size="compact-xs"
              variant="light"
              aria-label={ko.profileEdit.addTag(suggestion)}
              onClick={() => commit(suggestion)}
            >
              {suggestion}
            </Button>
          ))}
        </Group>
      )}
      {value.length > 0 && (
        <Group gap={6}>
          {value.map((tag) => (
            <Pill
              key={tag}
              size="md"
              withRemoveButton
              onRemove={() => onChange(removeTag(value, tag))}
              removeButtonProps={{ 'aria-label': ko.profileEdit.removeTag(tag) }}
            >
              {tag}
            </Pill>
          ))}
        </Group>
      )}
    </Stack>
  );
}
