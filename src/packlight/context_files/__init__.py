"""Project instruction files: AGENTS.md, CLAUDE.md, .cursorrules, ``.cursor/rules/*.mdc``,
HERMES.md / .hermes.md (DESIGN section 7).

- :mod:`~packlight.context_files.discovery` finds the file (walking up to the git root, first
  found wins, the order configurable) and reads it in bounded memory;
- :mod:`~packlight.context_files.scan` blocks a file with invisible characters, override or
  exfiltration wording (pure);
- :mod:`~packlight.context_files.render` truncates a long file around a marker and builds the
  system prompt section (pure).

``Session(project_instructions=...)`` puts the section into the system prompt it sends;
``packlight inspect --instructions DIR`` shows what would be loaded.
"""

from packlight.context_files.discovery import find_git_root, load_project_instructions
from packlight.context_files.render import (
    InstructionFile,
    ProjectInstructions,
    add_to_system_prompt,
)
from packlight.context_files.scan import InstructionFinding, scan_instruction_text

__all__ = [
    "InstructionFile",
    "InstructionFinding",
    "ProjectInstructions",
    "add_to_system_prompt",
    "find_git_root",
    "load_project_instructions",
    "scan_instruction_text",
]
