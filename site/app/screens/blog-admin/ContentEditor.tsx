// The post form's content editor: a formatting toolbar over the HTML, and a sandboxed preview tab.
import { useRef } from 'react';

const TOOLS: { label: string; before: string; after: string; placeholder: string }[] = [
  { label: 'Heading', before: '<h2>', after: '</h2>', placeholder: 'Heading' },
  { label: 'Bold', before: '<strong>', after: '</strong>', placeholder: 'bold text' },
  { label: 'Italic', before: '<em>', after: '</em>', placeholder: 'italic text' },
  { label: 'Paragraph', before: '<p>', after: '</p>', placeholder: 'Paragraph' },
  { label: 'List', before: '<ul>\n  <li>', after: '</li>\n</ul>', placeholder: 'List item' },
  { label: 'Quote', before: '<blockquote>', after: '</blockquote>', placeholder: 'Quote' },
  { label: 'Link', before: '<a href="https://">', after: '</a>', placeholder: 'link text' },
];

export function ContentEditor({
  value,
  onChange,
  error,
  tab,
  setTab,
}: {
  value: string;
  onChange: (next: string) => void;
  error?: string;
  tab: 'write' | 'preview';
  setTab: (tab: 'write' | 'preview') => void;
}) {
  const editor = useRef<HTMLTextAreaElement>(null);

  function applyTool(tool: (typeof TOOLS)[number]) {
    const area = editor.current;
    if (!area) return;
    const { selectionStart: start, selectionEnd: end, value: text } = area;
    const selected = text.slice(start, end) || tool.placeholder;
    onChange(text.slice(0, start) + tool.before + selected + tool.after + text.slice(end));
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(start + tool.before.length, start + tool.before.length + selected.length);
    });
  }

  const previewDoc = `<!doctype html><html><head><meta charset="utf-8"><style>body{font:16px/1.65 system-ui,sans-serif;color:#141b20;margin:16px;white-space:${/<(p|h[1-6]|ul|ol|blockquote|div)\b/i.test(value) ? 'normal' : 'pre-line'}}img{max-width:100%}h2{font-size:1.4em}a{color:#14766d}blockquote{border-left:3px solid #a8e2d9;margin:0;padding-left:12px;color:#4c5963}</style></head><body>${value}</body></html>`;

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label htmlFor="field-content" className="label">
          Content
        </label>
        <div role="tablist" aria-label="Editor mode" className="mb-1.5 flex gap-1 rounded-full bg-fog-100 p-1 text-xs dark:bg-fog-800">
          {(['write', 'preview'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              role="tab"
              aria-selected={tab === mode}
              onClick={() => setTab(mode)}
              className={`rounded-full px-3 py-1 font-semibold capitalize ${tab === mode ? 'bg-white shadow-sm dark:bg-fog-900' : 'text-fog-600 dark:text-fog-300'}`}
            >
              {mode}
            </button>
          ))}
        </div>
      </div>
      {tab === 'write' ? (
        <>
          <div
            role="toolbar"
            aria-label="Formatting"
            className="flex flex-wrap gap-1 rounded-t-xl border border-b-0 border-fog-300 bg-fog-50 p-1.5 dark:border-fog-700 dark:bg-fog-900"
          >
            {TOOLS.map((tool) => (
              <button
                key={tool.label}
                type="button"
                className="rounded-lg px-2.5 py-1 text-xs font-semibold text-fog-700 hover:bg-fog-200 dark:text-fog-200 dark:hover:bg-fog-800"
                onClick={() => applyTool(tool)}
              >
                {tool.label}
              </button>
            ))}
          </div>
          <textarea
            id="field-content"
            ref={editor}
            className="input min-h-72 rounded-t-none font-mono text-sm"
            name="content"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={!!error}
            aria-describedby="field-content-hint"
          />
          <p id="field-content-hint" className="mt-1.5 text-xs text-fog-600 dark:text-fog-400">
            HTML or plain text; line breaks are kept. Scripts and unsafe markup are removed when you save.
          </p>
        </>
      ) : (
        <iframe
          title="Content preview"
          sandbox=""
          srcDoc={previewDoc}
          className="h-96 w-full rounded-xl border border-fog-300 bg-white dark:border-fog-700"
        />
      )}
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
