import { describe, expect, it } from 'vitest';
import { htmlTextContent } from './rich-text';

describe('htmlTextContent', () => {
  it('drops tags, comments, scripts and styles', () => {
    expect(htmlTextContent('<p>Hola <strong>mundo</strong></p><p><br></p>')).toBe('Hola mundo');
    expect(htmlTextContent('a<!-- nota -->b')).toBe('ab');
    expect(htmlTextContent('<style>p{color:red}</style>x<script>alert(1)</script>')).toBe('x');
    expect(htmlTextContent('<a href="https://far.mx" title="a > b">ligas</a>')).toBe('ligas');
  });

  it('decodes entities to one character each', () => {
    expect(htmlTextContent('&lt;b&gt; &amp; &quot;x&quot; &apos;y&#39; a&nbsp;b')).toBe('<b> & "x" \'y\' a b');
    expect(htmlTextContent('&#241;&#xF1;&#XD1;')).toBe('ññÑ');
    expect(htmlTextContent('&unknown; &#99999999;')).toBe('&unknown; &#99999999;');
  });

  it('leaves plain text as it is', () => {
    expect(htmlTextContent('Términos y condiciones')).toBe('Términos y condiciones');
  });
});
