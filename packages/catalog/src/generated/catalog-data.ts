// generated from fixtures/capabilities.json by tools/codegen — do not edit
import type { Catalog } from '../runtime.js';
import { deepFreeze } from '../runtime.js';

/** The built-in capability catalog (validated by loadCatalog, cases stripped, frozen). */
export const catalog: Catalog = deepFreeze<Catalog>({
  "scopePattern": "^[a-z][a-z0-9]*\\.[a-z][a-z0-9-]*$",
  "reservedNames": [
    "app",
    "bind",
    "consent",
    "engine",
    "exponential",
    "records",
    "upstream"
  ],
  "capabilities": [
    {
      "name": "camera",
      "label": "Camera",
      "scopes": [
        {
          "id": "camera.capture",
          "verb": "use your camera",
          "consent": "ask",
          "tools": [
            "capture"
          ]
        }
      ]
    },
    {
      "name": "clipboard",
      "label": "Clipboard",
      "scopes": [
        {
          "id": "clipboard.read",
          "verb": "read your clipboard",
          "consent": "ask",
          "tools": [
            "read"
          ]
        },
        {
          "id": "clipboard.write",
          "verb": "write to your clipboard",
          "consent": "ask",
          "tools": [
            "write"
          ]
        }
      ]
    },
    {
      "name": "files",
      "label": "Files",
      "scopes": [
        {
          "id": "files.read",
          "verb": "open files you pick",
          "consent": "picker",
          "tools": [
            "open"
          ]
        },
        {
          "id": "files.write",
          "verb": "save files where you pick",
          "consent": "picker",
          "tools": [
            "save"
          ]
        }
      ]
    },
    {
      "name": "focus",
      "label": "Focus",
      "host": "ede",
      "scopes": [
        {
          "id": "focus.window",
          "verb": "switch to your windows",
          "consent": "ask",
          "tools": [
            "window"
          ]
        }
      ]
    },
    {
      "name": "http",
      "label": "Network",
      "scopes": [
        {
          "id": "http.fetch",
          "verb": "connect to {origins}",
          "consent": "ask",
          "origins": true,
          "tools": [
            "fetch"
          ]
        }
      ]
    },
    {
      "name": "launch",
      "label": "Launch",
      "host": "ede",
      "scopes": [
        {
          "id": "launch.app",
          "verb": "start applications",
          "consent": "ask",
          "tools": [
            "app"
          ]
        }
      ]
    },
    {
      "name": "location",
      "label": "Location",
      "scopes": [
        {
          "id": "location.read",
          "verb": "use your location",
          "consent": "ask",
          "tools": [
            "current"
          ]
        }
      ]
    },
    {
      "name": "notifications",
      "label": "Notifications",
      "scopes": [
        {
          "id": "notifications.post",
          "verb": "send you notifications",
          "consent": "ask",
          "tools": [
            "cancel",
            "post"
          ]
        }
      ]
    },
    {
      "name": "photos",
      "label": "Photos",
      "scopes": [
        {
          "id": "photos.read",
          "verb": "access your photos",
          "consent": "ask",
          "tools": [
            "get",
            "list",
            "pick"
          ]
        }
      ]
    },
    {
      "name": "print",
      "label": "Print",
      "scopes": [
        {
          "id": "print.pdf",
          "verb": "print and make PDFs",
          "consent": "picker",
          "tools": [
            "pdf",
            "print"
          ]
        }
      ]
    },
    {
      "name": "share",
      "label": "Share",
      "scopes": [
        {
          "id": "share.send",
          "verb": "share with other apps",
          "consent": "picker",
          "tools": [
            "send"
          ]
        }
      ]
    },
    {
      "name": "shell",
      "label": "Desktop",
      "scopes": [
        {
          "id": "shell.edit",
          "verb": "change your desktop",
          "consent": "ask",
          "hostOnly": true,
          "tools": [
            "edit"
          ]
        }
      ]
    },
    {
      "name": "windows",
      "label": "Windows",
      "host": "ede",
      "scopes": [
        {
          "id": "windows.read",
          "verb": "see your open windows",
          "consent": "ask",
          "tools": [
            "list"
          ]
        }
      ]
    }
  ],
  "v1": {
    "context": {
      "app": "acme.album",
      "screens": [
        "albums",
        "page"
      ]
    },
    "blobs": {
      "f1": "aGVsbG8=",
      "pdf1": "JVBERi0xLjQK"
    },
    "blobIds": "blob-<n>",
    "mimeByExtension": {
      "csv": "text/csv",
      "gif": "image/gif",
      "heic": "image/heic",
      "html": "text/html",
      "jpeg": "image/jpeg",
      "jpg": "image/jpeg",
      "json": "application/json",
      "md": "text/markdown",
      "pdf": "application/pdf",
      "png": "image/png",
      "svg": "image/svg+xml",
      "txt": "text/plain",
      "webp": "image/webp",
      "zip": "application/zip"
    }
  },
  "tools": [
    {
      "name": "files_open",
      "runs": "native",
      "description": "Let the person pick files to open. `accept` = MIME types (`image/*`) or extensions (`.csv`). Answers the files, each stored as an app file; an empty list when they cancel.",
      "inputSchema": {
        "type": "object",
        "properties": {
          "accept": {
            "type": "array",
            "maxItems": 20,
            "items": {
              "type": "string",
              "minLength": 1,
              "maxLength": 100
            }
          },
          "multiple": {
            "type": "boolean",
            "default": false
          }
        },
        "additionalProperties": false
      },
      "nativeOutputSchema": {
        "type": "object",
        "properties": {
          "files": {
            "type": "array",
            "maxItems": 100,
            "items": {
              "type": "object",
              "properties": {
                "name": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 255
                },
                "mimeType": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 100
                },
                "data": {
                  "type": "string",
                  "format": "base64"
                }
              },
              "required": [
                "name",
                "mimeType",
                "data"
              ],
              "additionalProperties": false
            }
          }
        },
        "required": [
          "files"
        ],
        "additionalProperties": false
      },
      "outputSchema": {
        "type": "object",
        "properties": {
          "files": {
            "type": "array",
            "maxItems": 100,
            "items": {
              "type": "object",
              "properties": {
                "name": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 255
                },
                "mimeType": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 100
                },
                "size": {
                  "type": "integer",
                  "minimum": 0
                },
                "fileId": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 200
                }
              },
              "required": [
                "name",
                "mimeType",
                "size",
                "fileId"
              ],
              "additionalProperties": false
            }
          }
        },
        "required": [
          "files"
        ],
        "additionalProperties": false
      },
      "title": "Open files",
      "annotations": {
        "readOnlyHint": true,
        "destructiveHint": false,
        "idempotentHint": false,
        "openWorldHint": false
      }
    },
    {
      "name": "files_save",
      "runs": "native",
      "description": "Let the person save an app file (`fileId`) or a text (`text`) where they pick. `saved` = false when they cancel.",
      "inputSchema": {
        "type": "object",
        "properties": {
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 255
          },
          "fileId": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          },
          "text": {
            "type": "string",
            "maxLength": 1000000
          },
          "mimeType": {
            "type": "string",
            "minLength": 1,
            "maxLength": 100
          }
        },
        "required": [
          "name"
        ],
        "additionalProperties": false,
        "oneOf": [
          {
            "required": [
              "fileId"
            ]
          },
          {
            "required": [
              "text"
            ]
          }
        ]
      },
      "nativeOutputSchema": {
        "type": "object",
        "properties": {
          "saved": {
            "type": "boolean"
          }
        },
        "required": [
          "saved"
        ],
        "additionalProperties": false
      },
      "outputSchema": {
        "type": "object",
        "properties": {
          "saved": {
            "type": "boolean"
          }
        },
        "required": [
          "saved"
        ],
        "additionalProperties": false
      },
      "title": "Save a file",
      "annotations": {
        "readOnlyHint": false,
        "destructiveHint": false,
        "idempotentHint": false,
        "openWorldHint": false
      }
    },
    {
      "name": "focus_window",
      "runs": "native",
      "description": "Bring a window of this desktop to the front (its id from windows_list); a minimized one comes back first, a parked one brings its workspace along. `focused` = false when the window is gone.",
      "inputSchema": {
        "type": "object",
        "properties": {
          "window": {
            "type": "string",
            "format": "token"
          }
        },
        "required": [
          "window"
        ],
        "additionalProperties": false
      },
      "nativeOutputSchema": {
        "type": "object",
        "properties": {
          "focused": {
            "type": "boolean"
          }
        },
        "required": [
          "focused"
        ],
        "additionalProperties": false
      },
      "outputSchema": {
        "type": "object",
        "properties": {
          "focused": {
            "type": "boolean"
          }
        },
        "required": [
          "focused"
        ],
        "additionalProperties": false
      },
      "title": "Focus a window",
      "annotations": {
        "readOnlyHint": false,
        "destructiveHint": false,
        "idempotentHint": true,
        "openWorldHint": false
      }
    },
    {
      "name": "launch_app",
      "runs": "native",
      "description": "Start an installed application by its id (a desktop entry's, `org.gnome.Calculator`, with or without `.desktop`). `launched` = false when nothing is installed under that id.",
      "inputSchema": {
        "type": "object",
        "properties": {
          "app": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          }
        },
        "required": [
          "app"
        ],
        "additionalProperties": false
      },
      "nativeOutputSchema": {
        "type": "object",
        "properties": {
          "launched": {
            "type": "boolean"
          }
        },
        "required": [
          "launched"
        ],
        "additionalProperties": false
      },
      "outputSchema": {
        "type": "object",
        "properties": {
          "launched": {
            "type": "boolean"
          }
        },
        "required": [
          "launched"
        ],
        "additionalProperties": false
      },
      "title": "Launch an application",
      "annotations": {
        "readOnlyHint": false,
        "destructiveHint": false,
        "idempotentHint": false,
        "openWorldHint": true
      }
    },
    {
      "name": "notifications_cancel",
      "runs": "native",
      "description": "Withdraw a notification this app posted or scheduled.",
      "inputSchema": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "format": "token"
          }
        },
        "required": [
          "id"
        ],
        "additionalProperties": false
      },
      "nativeOutputSchema": {
        "type": "object",
        "properties": {
          "cancelled": {
            "type": "boolean"
          }
        },
        "required": [
          "cancelled"
        ],
        "additionalProperties": false
      },
      "outputSchema": {
        "type": "object",
        "properties": {
          "cancelled": {
            "type": "boolean"
          }
        },
        "required": [
          "cancelled"
        ],
        "additionalProperties": false
      },
      "title": "Cancel a notification",
      "annotations": {
        "readOnlyHint": false,
        "destructiveHint": true,
        "idempotentHint": true,
        "openWorldHint": false
      }
    },
    {
      "name": "notifications_post",
      "runs": "native",
      "description": "Post a notification now, or at `at` (an ISO time). A tap opens `screen` with `params`. Posting an `id` again replaces it.",
      "inputSchema": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "format": "token"
          },
          "title": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          },
          "body": {
            "type": "string",
            "minLength": 0,
            "maxLength": 1000
          },
          "at": {
            "type": "string",
            "format": "date-time"
          },
          "screen": {
            "type": "string",
            "minLength": 1,
            "maxLength": 100
          },
          "params": {
            "type": "object"
          }
        },
        "required": [
          "title"
        ],
        "additionalProperties": false,
        "dependentRequired": {
          "params": [
            "screen"
          ]
        }
      },
      "nativeOutputSchema": {
        "type": "object",
        "properties": {},
        "additionalProperties": false
      },
      "outputSchema": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "format": "token"
          }
        },
        "required": [
          "id"
        ],
        "additionalProperties": false
      },
      "title": "Post a notification",
      "annotations": {
        "readOnlyHint": false,
        "destructiveHint": true,
        "idempotentHint": false,
        "openWorldHint": false
      }
    },
    {
      "name": "photos_get",
      "runs": "native",
      "description": "Read one photo of the library by its id (from list or pick), stored as an app file.",
      "inputSchema": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "minLength": 1,
            "maxLength": 500
          }
        },
        "required": [
          "id"
        ],
        "additionalProperties": false
      },
      "nativeOutputSchema": {
        "type": "object",
        "properties": {
          "photo": {
            "type": "object",
            "properties": {
              "id": {
                "type": "string",
                "minLength": 1,
                "maxLength": 500
              },
              "name": {
                "type": "string",
                "minLength": 1,
                "maxLength": 255
              },
              "mimeType": {
                "type": "string",
                "minLength": 1,
                "maxLength": 100
              },
              "takenAt": {
                "type": [
                  "string",
                  "null"
                ],
                "format": "date-time"
              },
              "data": {
                "type": "string",
                "format": "base64"
              }
            },
            "required": [
              "id",
              "name",
              "mimeType",
              "takenAt",
              "data"
            ],
            "additionalProperties": false
          }
        },
        "required": [
          "photo"
        ],
        "additionalProperties": false
      },
      "outputSchema": {
        "type": "object",
        "properties": {
          "photo": {
            "type": "object",
            "properties": {
              "id": {
                "type": "string",
                "minLength": 1,
                "maxLength": 500
              },
              "name": {
                "type": "string",
                "minLength": 1,
                "maxLength": 255
              },
              "mimeType": {
                "type": "string",
                "minLength": 1,
                "maxLength": 100
              },
              "takenAt": {
                "type": [
                  "string",
                  "null"
                ],
                "format": "date-time"
              },
              "size": {
                "type": "integer",
                "minimum": 0
              },
              "fileId": {
                "type": "string",
                "minLength": 1,
                "maxLength": 200
              }
            },
            "required": [
              "id",
              "name",
              "mimeType",
              "takenAt",
              "size",
              "fileId"
            ],
            "additionalProperties": false
          }
        },
        "required": [
          "photo"
        ],
        "additionalProperties": false
      },
      "title": "Get a photo",
      "annotations": {
        "readOnlyHint": true,
        "destructiveHint": false,
        "idempotentHint": true,
        "openWorldHint": false
      }
    },
    {
      "name": "photos_list",
      "runs": "native",
      "description": "The library's photos, newest first, without their bytes. Pass the answered cursor for the next page; null = the end.",
      "inputSchema": {
        "type": "object",
        "properties": {
          "limit": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "default": 50
          },
          "cursor": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          }
        },
        "additionalProperties": false
      },
      "nativeOutputSchema": {
        "type": "object",
        "properties": {
          "photos": {
            "type": "array",
            "maxItems": 100,
            "items": {
              "type": "object",
              "properties": {
                "id": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 500
                },
                "name": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 255
                },
                "mimeType": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 100
                },
                "takenAt": {
                  "type": [
                    "string",
                    "null"
                  ],
                  "format": "date-time"
                }
              },
              "required": [
                "id",
                "name",
                "mimeType",
                "takenAt"
              ],
              "additionalProperties": false
            }
          },
          "cursor": {
            "type": [
              "string",
              "null"
            ],
            "maxLength": 200
          }
        },
        "required": [
          "photos",
          "cursor"
        ],
        "additionalProperties": false
      },
      "outputSchema": {
        "type": "object",
        "properties": {
          "photos": {
            "type": "array",
            "maxItems": 100,
            "items": {
              "type": "object",
              "properties": {
                "id": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 500
                },
                "name": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 255
                },
                "mimeType": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 100
                },
                "takenAt": {
                  "type": [
                    "string",
                    "null"
                  ],
                  "format": "date-time"
                }
              },
              "required": [
                "id",
                "name",
                "mimeType",
                "takenAt"
              ],
              "additionalProperties": false
            }
          },
          "cursor": {
            "type": [
              "string",
              "null"
            ],
            "maxLength": 200
          }
        },
        "required": [
          "photos",
          "cursor"
        ],
        "additionalProperties": false
      },
      "title": "List photos",
      "annotations": {
        "readOnlyHint": true,
        "destructiveHint": false,
        "idempotentHint": true,
        "openWorldHint": false
      }
    },
    {
      "name": "photos_pick",
      "runs": "native",
      "description": "Let the person pick photos in the platform's photo picker. Answers the picked photos, each stored as an app file; an empty list when they cancel.",
      "inputSchema": {
        "type": "object",
        "properties": {
          "limit": {
            "type": "integer",
            "minimum": 1,
            "maximum": 50,
            "default": 1
          }
        },
        "additionalProperties": false
      },
      "nativeOutputSchema": {
        "type": "object",
        "properties": {
          "photos": {
            "type": "array",
            "maxItems": 50,
            "items": {
              "type": "object",
              "properties": {
                "id": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 500
                },
                "name": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 255
                },
                "mimeType": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 100
                },
                "takenAt": {
                  "type": [
                    "string",
                    "null"
                  ],
                  "format": "date-time"
                },
                "data": {
                  "type": "string",
                  "format": "base64"
                }
              },
              "required": [
                "id",
                "name",
                "mimeType",
                "takenAt",
                "data"
              ],
              "additionalProperties": false
            }
          }
        },
        "required": [
          "photos"
        ],
        "additionalProperties": false
      },
      "outputSchema": {
        "type": "object",
        "properties": {
          "photos": {
            "type": "array",
            "maxItems": 50,
            "items": {
              "type": "object",
              "properties": {
                "id": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 500
                },
                "name": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 255
                },
                "mimeType": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 100
                },
                "takenAt": {
                  "type": [
                    "string",
                    "null"
                  ],
                  "format": "date-time"
                },
                "size": {
                  "type": "integer",
                  "minimum": 0
                },
                "fileId": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 200
                }
              },
              "required": [
                "id",
                "name",
                "mimeType",
                "takenAt",
                "size",
                "fileId"
              ],
              "additionalProperties": false
            }
          }
        },
        "required": [
          "photos"
        ],
        "additionalProperties": false
      },
      "title": "Pick photos",
      "annotations": {
        "readOnlyHint": true,
        "destructiveHint": false,
        "idempotentHint": false,
        "openWorldHint": false
      }
    },
    {
      "name": "print_pdf",
      "runs": "engine",
      "description": "Lay out a document (headings, text, app images, page breaks) as an A4 PDF, stored as an app file. No dialog: save, share or print the file next.",
      "inputSchema": {
        "type": "object",
        "properties": {
          "title": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          },
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 255
          },
          "blocks": {
            "type": "array",
            "minItems": 1,
            "maxItems": 2000,
            "items": {
              "type": "object",
              "properties": {
                "heading": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 500
                },
                "text": {
                  "type": "string",
                  "minLength": 0,
                  "maxLength": 20000
                },
                "image": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 200
                },
                "caption": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 500
                },
                "pageBreak": {
                  "type": "boolean",
                  "enum": [
                    true
                  ]
                }
              },
              "additionalProperties": false,
              "oneOf": [
                {
                  "required": [
                    "heading"
                  ]
                },
                {
                  "required": [
                    "text"
                  ]
                },
                {
                  "required": [
                    "image"
                  ]
                },
                {
                  "required": [
                    "pageBreak"
                  ]
                }
              ],
              "dependentRequired": {
                "caption": [
                  "image"
                ]
              }
            }
          }
        },
        "required": [
          "title",
          "blocks"
        ],
        "additionalProperties": false
      },
      "nativeOutputSchema": null,
      "outputSchema": {
        "type": "object",
        "properties": {
          "file": {
            "type": "object",
            "properties": {
              "name": {
                "type": "string",
                "minLength": 1,
                "maxLength": 255
              },
              "mimeType": {
                "type": "string",
                "minLength": 1,
                "maxLength": 100
              },
              "size": {
                "type": "integer",
                "minimum": 0
              },
              "fileId": {
                "type": "string",
                "minLength": 1,
                "maxLength": 200
              }
            },
            "required": [
              "name",
              "mimeType",
              "size",
              "fileId"
            ],
            "additionalProperties": false
          },
          "pages": {
            "type": "integer",
            "minimum": 1
          }
        },
        "required": [
          "file",
          "pages"
        ],
        "additionalProperties": false
      },
      "title": "Make a PDF",
      "annotations": {
        "readOnlyHint": false,
        "destructiveHint": false,
        "idempotentHint": true,
        "openWorldHint": false
      }
    },
    {
      "name": "print_print",
      "runs": "native",
      "description": "Open the platform's print dialog for an app file (a PDF, PNG or JPEG). `printed` = false when they cancel.",
      "inputSchema": {
        "type": "object",
        "properties": {
          "fileId": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          },
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 255
          }
        },
        "required": [
          "fileId"
        ],
        "additionalProperties": false
      },
      "nativeOutputSchema": {
        "type": "object",
        "properties": {
          "printed": {
            "type": "boolean"
          }
        },
        "required": [
          "printed"
        ],
        "additionalProperties": false
      },
      "outputSchema": {
        "type": "object",
        "properties": {
          "printed": {
            "type": "boolean"
          }
        },
        "required": [
          "printed"
        ],
        "additionalProperties": false
      },
      "title": "Print a file",
      "annotations": {
        "readOnlyHint": false,
        "destructiveHint": false,
        "idempotentHint": false,
        "openWorldHint": true
      }
    },
    {
      "name": "share_send",
      "runs": "native",
      "description": "Open the platform's share sheet with a text, a link and/or an app file. `shared` = false when they dismiss it (true where the platform cannot tell).",
      "inputSchema": {
        "type": "object",
        "properties": {
          "title": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          },
          "text": {
            "type": "string",
            "minLength": 1,
            "maxLength": 10000
          },
          "url": {
            "type": "string",
            "format": "uri"
          },
          "fileId": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          },
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 255
          },
          "mimeType": {
            "type": "string",
            "minLength": 1,
            "maxLength": 100
          }
        },
        "additionalProperties": false,
        "anyOf": [
          {
            "required": [
              "text"
            ]
          },
          {
            "required": [
              "url"
            ]
          },
          {
            "required": [
              "fileId"
            ]
          }
        ],
        "dependentRequired": {
          "fileId": [
            "name"
          ],
          "mimeType": [
            "fileId"
          ]
        }
      },
      "nativeOutputSchema": {
        "type": "object",
        "properties": {
          "shared": {
            "type": "boolean"
          }
        },
        "required": [
          "shared"
        ],
        "additionalProperties": false
      },
      "outputSchema": {
        "type": "object",
        "properties": {
          "shared": {
            "type": "boolean"
          }
        },
        "required": [
          "shared"
        ],
        "additionalProperties": false
      },
      "title": "Share",
      "annotations": {
        "readOnlyHint": false,
        "destructiveHint": false,
        "idempotentHint": false,
        "openWorldHint": true
      }
    },
    {
      "name": "windows_list",
      "runs": "native",
      "description": "The open windows of this desktop, protected ones left out: each window's id, title, app (its desktop entry id), workspace, whether it is focused and whether it is minimized.",
      "inputSchema": {
        "type": "object",
        "properties": {},
        "additionalProperties": false
      },
      "nativeOutputSchema": {
        "type": "object",
        "properties": {
          "windows": {
            "type": "array",
            "maxItems": 500,
            "items": {
              "type": "object",
              "properties": {
                "id": {
                  "type": "string",
                  "format": "token"
                },
                "title": {
                  "type": "string",
                  "maxLength": 500
                },
                "app": {
                  "type": "string",
                  "maxLength": 200
                },
                "workspace": {
                  "type": "integer",
                  "minimum": 0
                },
                "focused": {
                  "type": "boolean"
                },
                "minimized": {
                  "type": "boolean"
                }
              },
              "required": [
                "id",
                "title",
                "app",
                "workspace",
                "focused",
                "minimized"
              ],
              "additionalProperties": false
            }
          }
        },
        "required": [
          "windows"
        ],
        "additionalProperties": false
      },
      "outputSchema": {
        "type": "object",
        "properties": {
          "windows": {
            "type": "array",
            "maxItems": 500,
            "items": {
              "type": "object",
              "properties": {
                "id": {
                  "type": "string",
                  "format": "token"
                },
                "title": {
                  "type": "string",
                  "maxLength": 500
                },
                "app": {
                  "type": "string",
                  "maxLength": 200
                },
                "workspace": {
                  "type": "integer",
                  "minimum": 0
                },
                "focused": {
                  "type": "boolean"
                },
                "minimized": {
                  "type": "boolean"
                }
              },
              "required": [
                "id",
                "title",
                "app",
                "workspace",
                "focused",
                "minimized"
              ],
              "additionalProperties": false
            }
          }
        },
        "required": [
          "windows"
        ],
        "additionalProperties": false
      },
      "title": "List windows",
      "annotations": {
        "readOnlyHint": true,
        "destructiveHint": false,
        "idempotentHint": true,
        "openWorldHint": false
      }
    }
  ],
  "pdf": {
    "page": [
      595,
      842
    ],
    "margin": 56,
    "fonts": {
      "F1": "Helvetica",
      "F2": "Helvetica-Bold"
    },
    "widths": {
      "Helvetica": [
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        278,
        278,
        355,
        556,
        556,
        889,
        667,
        191,
        333,
        333,
        389,
        584,
        278,
        333,
        278,
        278,
        556,
        556,
        556,
        556,
        556,
        556,
        556,
        556,
        556,
        556,
        278,
        278,
        584,
        584,
        584,
        556,
        1015,
        667,
        667,
        722,
        722,
        667,
        611,
        778,
        722,
        278,
        500,
        667,
        556,
        833,
        722,
        778,
        667,
        778,
        722,
        667,
        611,
        722,
        667,
        944,
        667,
        667,
        611,
        278,
        278,
        278,
        469,
        556,
        333,
        556,
        556,
        500,
        556,
        556,
        278,
        556,
        556,
        222,
        222,
        500,
        222,
        833,
        556,
        556,
        556,
        556,
        333,
        500,
        278,
        556,
        500,
        722,
        500,
        500,
        500,
        334,
        260,
        334,
        584,
        0,
        556,
        0,
        222,
        556,
        333,
        1000,
        556,
        556,
        333,
        1000,
        667,
        333,
        1000,
        0,
        611,
        0,
        0,
        222,
        222,
        333,
        333,
        350,
        556,
        1000,
        333,
        1000,
        500,
        333,
        944,
        0,
        500,
        667,
        278,
        333,
        556,
        556,
        556,
        556,
        260,
        556,
        333,
        737,
        370,
        556,
        584,
        333,
        737,
        333,
        400,
        584,
        333,
        333,
        333,
        556,
        537,
        278,
        333,
        333,
        365,
        556,
        834,
        834,
        834,
        611,
        667,
        667,
        667,
        667,
        667,
        667,
        1000,
        722,
        667,
        667,
        667,
        667,
        278,
        278,
        278,
        278,
        722,
        722,
        778,
        778,
        778,
        778,
        778,
        584,
        778,
        722,
        722,
        722,
        722,
        667,
        667,
        611,
        556,
        556,
        556,
        556,
        556,
        556,
        889,
        500,
        556,
        556,
        556,
        556,
        278,
        278,
        278,
        278,
        556,
        556,
        556,
        556,
        556,
        556,
        556,
        584,
        611,
        556,
        556,
        556,
        556,
        500,
        556,
        500
      ],
      "Helvetica-Bold": [
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        278,
        333,
        474,
        556,
        556,
        889,
        722,
        238,
        333,
        333,
        389,
        584,
        278,
        333,
        278,
        278,
        556,
        556,
        556,
        556,
        556,
        556,
        556,
        556,
        556,
        556,
        333,
        333,
        584,
        584,
        584,
        611,
        975,
        722,
        722,
        722,
        722,
        667,
        611,
        778,
        722,
        278,
        556,
        722,
        611,
        833,
        722,
        778,
        667,
        778,
        722,
        667,
        611,
        722,
        667,
        944,
        667,
        667,
        611,
        333,
        278,
        333,
        584,
        556,
        333,
        556,
        611,
        556,
        611,
        556,
        333,
        611,
        611,
        278,
        278,
        556,
        278,
        889,
        611,
        611,
        611,
        611,
        389,
        556,
        333,
        611,
        556,
        778,
        556,
        556,
        500,
        389,
        280,
        389,
        584,
        0,
        556,
        0,
        278,
        556,
        500,
        1000,
        556,
        556,
        333,
        1000,
        667,
        333,
        1000,
        0,
        611,
        0,
        0,
        278,
        278,
        500,
        500,
        350,
        556,
        1000,
        333,
        1000,
        556,
        333,
        944,
        0,
        500,
        667,
        278,
        333,
        556,
        556,
        556,
        556,
        280,
        556,
        333,
        737,
        370,
        556,
        584,
        333,
        737,
        333,
        400,
        584,
        333,
        333,
        333,
        611,
        556,
        278,
        333,
        333,
        365,
        556,
        834,
        834,
        834,
        611,
        722,
        722,
        722,
        722,
        722,
        722,
        1000,
        722,
        667,
        667,
        667,
        667,
        278,
        278,
        278,
        278,
        722,
        722,
        778,
        778,
        778,
        778,
        778,
        584,
        778,
        722,
        722,
        722,
        722,
        667,
        667,
        611,
        556,
        556,
        556,
        556,
        556,
        556,
        889,
        556,
        556,
        556,
        556,
        556,
        278,
        278,
        278,
        278,
        611,
        611,
        611,
        611,
        611,
        611,
        611,
        584,
        611,
        611,
        611,
        611,
        611,
        556,
        611,
        556
      ]
    },
    "winAnsi": {
      "338": 140,
      "339": 156,
      "352": 138,
      "353": 154,
      "376": 159,
      "381": 142,
      "382": 158,
      "402": 131,
      "710": 136,
      "732": 152,
      "8211": 150,
      "8212": 151,
      "8216": 145,
      "8217": 146,
      "8218": 130,
      "8220": 147,
      "8221": 148,
      "8222": 132,
      "8224": 134,
      "8225": 135,
      "8226": 149,
      "8230": 133,
      "8240": 137,
      "8249": 139,
      "8250": 155,
      "8364": 128,
      "8482": 153
    }
  }
});
