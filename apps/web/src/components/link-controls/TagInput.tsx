import { Field, Flex, Input, Tag } from '@chakra-ui/react';
import { LINK_LIMITS } from '@app/contracts';
import { type KeyboardEvent, useState } from 'react';
import { addTag } from './tags';

/** Tags as chips: Enter or comma adds the typed tag, × removes one; leaving the field adds what is typed. */
export function TagInput({ tags, onChange, error }: { tags: string[]; onChange: (tags: string[]) => void; error?: string }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const commit = () => {
    const result = addTag(tags, text);
    setProblem(result.error);
    if (!result.error) setText('');
    if (result.tags !== tags) onChange(result.tags);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Backspace' && !text && tags.length) {
      onChange(tags.slice(0, -1));
    }
  };
  const message = problem ?? error;
  return (
    <Field.Root invalid={Boolean(message)}>
      <Field.Label>Tags</Field.Label>
      {tags.length > 0 && (
        <Flex gap="1" wrap="wrap" data-testid="tag-chips">
          {tags.map((t) => (
            <Tag.Root key={t} size="md" colorPalette="purple">
              <Tag.Label>{t}</Tag.Label>
              <Tag.EndElement>
                <Tag.CloseTrigger aria-label={`Remove tag ${t}`} onClick={() => onChange(tags.filter((x) => x !== t))} />
              </Tag.EndElement>
            </Tag.Root>
          ))}
        </Flex>
      )}
      <Input
        size="sm"
        name="tag"
        placeholder="Type a tag and press Enter"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={commit}
        disabled={tags.length >= LINK_LIMITS.tagsMax && !text}
      />
      {message ? (
        <Field.ErrorText>{message}</Field.ErrorText>
      ) : (
        <Field.HelperText>Up to {LINK_LIMITS.tagsMax} tags; filter My Links by them.</Field.HelperText>
      )}
    </Field.Root>
  );
}
